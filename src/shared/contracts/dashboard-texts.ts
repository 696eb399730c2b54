export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  addClientToastTitle: 'Redirecting',
  addClientToast: 'Taking you to the clients page to add a new client.',
  exportToastTitle: 'Export Feature',
  exportToast: 'Visit the applications page to view and export your applications.',
} as const
