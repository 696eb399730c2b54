/** Settings › Security: built by the account-security work (password, two-factor, sessions). */
export function SecurityTab() {
  return <p>Account security</p>
}
