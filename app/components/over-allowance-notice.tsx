/** A wearer's pack over one of their allowances, in the provider's words: the basket and checkout warn before ordering. */
export function OverAllowanceNotice({
  name,
  messages,
  consequence,
}: {
  name: string;
  messages: readonly string[];
  consequence: string;
}) {
  if (messages.length === 0) return null;
  return (
    <div className="notice notice--warning" role="status">
      <p>
        This pack is over {name}&rsquo;s allowance {consequence}:
      </p>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
