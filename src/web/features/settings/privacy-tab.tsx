import { useMutation } from '@tanstack/react-query'
import { Download, LogOut, ScrollText } from 'lucide-react'
import { Link } from 'react-router'
import { AUTH_PAGES } from '#shared/contracts/auth.contract.ts'
import { SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { downloadDataExport } from './settings.queries.ts'

/** Settings › Privacy & Data: the export, the audit trail and signing out. */
export function PrivacyTab() {
  const exporting = useMutation({
    mutationFn: downloadDataExport,
    onSuccess: () => showToast({ title: T.exportSucceeded, variant: 'success' }),
    onError: (error) =>
      showToast({
        title: T.exportFailed,
        description: isApiError(error) ? error.message : undefined,
        variant: 'destructive',
      }),
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy & Data</CardTitle>
        <CardDescription>Your data, who has seen it, and your session</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Export your data</h3>
          <p className="text-sm text-slate-600">
            Download your profile and your agency's clients, carriers, applications, submissions,
            appointments, documents, onboarding and e-signing records, subscription and invoices, community
            posts, notifications and assistant conversations as one JSON file. Social Security, licence and
            account numbers are masked to their last four digits.
          </p>
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => exporting.mutate()}
              disabled={exporting.isPending}
            >
              <Download aria-hidden="true" />
              {T.exportData}
            </Button>
          </div>
        </section>
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Audit trail</h3>
          <p className="text-sm text-slate-600">Every view, change and download of your agency's records.</p>
          <div>
            <Link to="/compliance" className={buttonClasses('outline')}>
              <ScrollText aria-hidden="true" />
              View audit trail
            </Link>
          </div>
        </section>
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Sign out</h3>
          <p className="text-sm text-slate-600">
            Ends this session on the server as well as in this browser.
          </p>
          <div>
            <a href={AUTH_PAGES.logout} className={buttonClasses('outline')}>
              <LogOut aria-hidden="true" />
              Sign Out
            </a>
          </div>
        </section>
      </CardContent>
    </Card>
  )
}
