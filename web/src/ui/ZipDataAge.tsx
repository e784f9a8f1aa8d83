import { dataDateText, useZipDataQuery } from '../lib/zip-data';

/**
 * "ZIP data as of <date>", with every source's own date one click away: a user deciding whether
 * to trust a lookup sees how old the data behind it is. Nothing shows while it loads or if the
 * answer fails: the line is information, not something a page depends on.
 */
export function ZipDataAge() {
  const { data } = useZipDataQuery();
  if (!data) return null;
  return (
    <details className="muted small zip-data-age">
      <summary>ZIP data as of {dataDateText(data.asOf)}</summary>
      <ul>
        {data.sources.map((s) => (
          <li key={s.package}>
            {s.data}: {dataDateText(s.date)} ({s.package} {s.version})
          </li>
        ))}
      </ul>
      <p>Table version {data.version}.</p>
    </details>
  );
}
