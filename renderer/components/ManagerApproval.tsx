/**
 * CONTRACT (session stop 14): asks for a manager's PIN before an action a cashier may not do alone (a discount
 * above the limit, a sale on account above the credit limit, a refund, a void). The payment engineer owns this
 * file and makes it real (the PIN checked by the terminal core, never kept by the renderer); the props stay.
 */
export interface ManagerApprovalProps {
  /** What is being approved, in the cashier's language (shown above the PIN field). */
  readonly reason: string;
  /** The approving manager's employee id and the PIN as typed, for an operation that records who approved it. */
  readonly onApproved: (approval: { readonly managerId: string }) => void;
  readonly onCancel: () => void;
}

export function ManagerApproval({ reason, onCancel }: ManagerApprovalProps) {
  return (
    <div role="dialog" aria-label={reason} data-testid="manager-approval">
      <p>{reason}</p>
      <button type="button" onClick={onCancel}>
        ×
      </button>
    </div>
  );
}
