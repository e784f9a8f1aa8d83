/**
 * An e-mail address that a narrow line breaks only before its "@", never inside the name or the
 * domain (a hyphen there would otherwise be a break opportunity).
 */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <span className="email-part">{address}</span>;
  return (
    <span className="email">
      <span className="email-part">{address.slice(0, at)}</span>
      <wbr />
      <span className="email-part">{address.slice(at)}</span>
    </span>
  );
}
