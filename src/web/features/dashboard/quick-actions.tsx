import { Download, FilePlus, UserPlus } from 'lucide-react'
import { useNavigate } from 'react-router'
import { DASHBOARD_TEXTS } from '#shared/contracts/dashboard-texts.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { showToast } from '#web/lib/toast-store.ts'

/** Spec part 1 §2 Quick Actions: the wizard, the clients page, and the export on the applications page. */
export function QuickActions({ onNewApplication }: { onNewApplication: () => void }) {
  const navigate = useNavigate()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button className="justify-start" onClick={onNewApplication}>
          <FilePlus aria-hidden="true" />
          New Application
        </Button>
        <Button
          variant="outline"
          className="justify-start"
          onClick={() => {
            showToast({
              title: DASHBOARD_TEXTS.addClientToastTitle,
              description: DASHBOARD_TEXTS.addClientToast,
            })
            navigate('/clients')
          }}
        >
          <UserPlus aria-hidden="true" />
          Add Client
        </Button>
        <Button
          variant="outline"
          className="justify-start"
          onClick={() => {
            showToast({ title: DASHBOARD_TEXTS.exportToastTitle, description: DASHBOARD_TEXTS.exportToast })
            navigate('/applications')
          }}
        >
          <Download aria-hidden="true" />
          Export Applications
        </Button>
      </CardContent>
    </Card>
  )
}
