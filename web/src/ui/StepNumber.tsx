/** A step's number in a list of steps; the list's own order says it to screen readers, so it is hidden from them. */
export function StepNumber({ n }: { n: number }) {
  return (
    <span className="step-number" aria-hidden="true">
      {n}
    </span>
  );
}
