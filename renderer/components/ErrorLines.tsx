/** An error message: one line, or one line per problem (the service's validation answers). */
export function ErrorLines({ lines }: { readonly lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="error" role="alert">
      {lines.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
    </div>
  );
}
