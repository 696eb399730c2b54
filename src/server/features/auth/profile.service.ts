// The user's profile (name, email) and notification preferences, for settings' screens and export.
export {
  emailTakenByOther,
  findPreferences,
  findProfile,
  updatePreferences,
  updateProfile,
} from './profile.repository.ts'
