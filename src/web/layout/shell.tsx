import { Outlet } from 'react-router'
import { MobileTopBar } from './mobile-top-bar.tsx'
import { SideMenu } from './side-menu.tsx'

/** The signed-in layout: the menu beside (or above) the current screen. */
export function Shell() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <SideMenu />
      <MobileTopBar />
      <main className="px-4 py-6 sm:ml-64 sm:px-8 sm:py-8">
        <div className="mx-auto grid max-w-7xl gap-6">
          <Outlet />
        </div>
      </main>
    </div>
  )
}
