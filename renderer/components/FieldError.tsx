/**
 * An error about one field, shown right under it: the field points at it (`aria-describedby`) and is marked
 * invalid, so the message stands next to what it concerns instead of at the top or bottom of the form.
 */
export function FieldError({ id, text }: { readonly id: string; readonly text: string }) {
  if (!text) return null;
  return (
    <span className="field-error" id={id} role="alert">
      {text}
    </span>
  );
}

/** The attributes of the field a FieldError is about. */
export function describedBy(id: string, text: string) {
  return text ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
}
