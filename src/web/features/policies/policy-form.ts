import type { Policy } from '#shared/contracts/policies.contract.ts'

/** What each of the policy page's dialogs is given. */
export interface PolicyDialogProps {
  policy: Policy
  open: boolean
  onOpenChange: (open: boolean) => void
}
