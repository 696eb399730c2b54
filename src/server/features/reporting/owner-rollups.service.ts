// What the owner dashboard reads from the read model: the last rollup run, the users with their
// agency across the platform, the top creators and carriers, and the refresh a first view asks for.
export {
  findRollupRun,
  findUsersWithApplications,
  listPopularCarriers,
  listRecentUsers,
  listTopCreators,
} from './owner-rollups.repository.ts'
export { refreshOwnerRollups } from './refresh-owner-rollups.ts'
