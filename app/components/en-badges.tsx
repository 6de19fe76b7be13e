/** A product's EN standards, on its card and in its summary. */
export function EnBadges({ standards }: { standards: readonly string[] }) {
  if (standards.length === 0) return null;
  return (
    <ul className="en-badges" aria-label="EN standards">
      {standards.map((s) => (
        <li key={s} className="en-badge">
          {s}
        </li>
      ))}
    </ul>
  );
}
