/** One invariant the ledger audit re-checks (src/server/domain/audit.ts), and what broke it. */
export interface AuditCheck {
  name: string;
  /** How many rows or items the check looked at. */
  checked: number;
  breaches: string[];
}
