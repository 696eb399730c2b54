import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { RouteErrorBoundary } from '#web/app/root-error-boundary.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { PageViewTracker } from '#web/features/analytics/page-view-tracker.tsx'
import { AssistantLayer } from './assistant-launcher.tsx'
import { brandStyle } from './brand-colors.ts'
import { MobileTopBar } from './mobile-top-bar.tsx'
import { PastDueBanner } from './past-due-banner.tsx'
import { SideMenu } from './side-menu.tsx'
import { useShellBranding } from './use-shell-branding.ts'

/** The signed-in layout: the menu beside (or above) the current screen, in the agency's colours if it brands. */
export function Shell() {
  const branding = useShellBranding()
  return (
    <div
      data-testid="shell"
      data-theme-style={branding?.themeStyle}
      className="min-h-dvh bg-slate-50"
      style={branding ? brandStyle(branding.primaryColor, branding.accentColor) : undefined}
    >
      <PageViewTracker />
      <SideMenu />
      <MobileTopBar />
      <AssistantLayer>
        {/* Room at the end for the assistant's button, so it never covers the last line of a page. */}
        <main className="px-4 pt-6 pb-24 sm:ml-64 sm:px-8 sm:pt-8 sm:pb-24">
          <div className="mx-auto grid max-w-7xl gap-6">
            <PastDueBanner />
            {/* Inside the menu: a page that fails or is loading leaves the menu usable. */}
            <RouteErrorBoundary>
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </div>
        </main>
      </AssistantLayer>
    </div>
  )
}
