// The dashboard's application and client counts, read across both features (see the repository).
export { countDashboardFigures, type DashboardWindows } from './dashboard-figures.repository.ts'
