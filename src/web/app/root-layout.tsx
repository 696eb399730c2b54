import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { readGoogleSuccess } from '#web/features/auth/google-success.ts'
import { GoogleSuccessScreen } from '#web/features/auth/google-success-screen.tsx'

/** Spec part 1 §2: a Google sign-in result in the query string replaces whatever page was asked for. */
export function RootLayout() {
  const { pathname, search } = useLocation()
  const googleAccount = readGoogleSuccess(pathname, search)
  return (
    <>
      {googleAccount ? <GoogleSuccessScreen account={googleAccount} /> : <Outlet />}
      <ScrollRestoration />
    </>
  )
}
