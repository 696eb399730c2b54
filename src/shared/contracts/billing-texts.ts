/** The shell's past-due banner (on every page): apart, so the shell's first load takes only these. */
export const PAST_DUE_TEXTS = {
  pastDueTitle: 'Payment past due',
  pastDueBanner: 'Your last payment failed. Update your payment method to keep your plan.',
} as const

/**
 * Every text of the billing screens (spec part 2 §2, §8) and the billing calls' messages.
 */
export const SUBSCRIPTION_TEXTS = {
  title: 'Subscription and Billing',
  visitorHeading: 'Choose Your Plan',
  loadingPlans: 'Subscription Plans',
  saveBadge: 'Save 17%',
  currentPlan: 'Current Plan',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  getStarted: 'Get Started',
  cancelSubscription: 'Cancel Subscription',
  upgradeFailed: 'Failed to start upgrade process. Please try again.',
  canceledTitle: 'Subscription Canceled',
  canceledDescription: "You'll have access until your current period ends.",
  cancelFailed: 'Failed to cancel subscription. Please try again.',
  usageHint: 'You are close to your monthly limit. Consider upgrading your plan.',
  testModeBanner: 'Test mode — no card is charged',
  checkoutFailedTitle: 'Payment Setup Failed',
  noCheckoutUrl: 'No checkout URL received from the payment provider',
  checkoutFailed: 'Failed to setup payment. Please try again.',
  paymentSuccessful: 'Payment Successful!',
  paymentCancelled: 'Payment Cancelled',
  nothingCharged: 'Your payment was cancelled and nothing was charged.',
  freePlanCheckout: 'The Free plan needs no payment.',
  checkoutNotOpen: 'This checkout is no longer open.',
  currentPlanCheckout: 'Your agency is already on this plan.',
  nothingToCancel: 'Your agency is on the Free plan: there is no subscription to cancel.',
  changeInProgress: 'A plan change is already in progress. Try again in a moment.',
  planChangedSinceCheckout: 'Your plan changed since this checkout began. Start the change again.',
  providerUnavailable: 'The payment provider could not be reached. Nothing was changed; please try again.',
  portalUnavailable: 'Billing runs in test mode: there is no payment provider portal to open.',
  portalNoCustomer: 'Your agency has no subscription with the payment provider yet. Choose a plan first.',
  ...PAST_DUE_TEXTS,
  pastDueBlocked:
    'Your subscription payment is past due. Update your payment method in Settings › Subscription to create applications again.',
  downgradeScheduled: 'Plan change scheduled',
  onlyAdmins: 'Only an agency admin can change or cancel the plan.',
  demoPlanLocked:
    'The demo account’s plan cannot be changed: it is shared by everyone trying the product. Sign up to try plan changes.',
  noInvoices: 'No invoices yet.',
  idempotencyKeyReused: 'This idempotency key was used for a different plan change.',
} as const
