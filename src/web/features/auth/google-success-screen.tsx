import { BadgeCheck, CircleAlert } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import type { GoogleAccount } from './google-success.ts'

export const GOOGLE_SUCCESS_TITLE = 'Google Authentication Successful'

export function GoogleSuccessScreen({ account }: { account: GoogleAccount }) {
  const navigate = useNavigate()
  const initials = account.name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return (
    <CenteredPage>
      <title>{GOOGLE_SUCCESS_TITLE}</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {GOOGLE_SUCCESS_TITLE}
          </CardTitle>
          <CardDescription>Your Google account is connected.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="flex items-center gap-4 rounded-md border border-slate-200 bg-slate-50 p-4">
            {account.picture ? (
              <img
                src={account.picture}
                alt={`Profile of ${account.name}`}
                className="size-14 rounded-full object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-14 items-center justify-center rounded-full bg-violet-100 text-lg font-semibold text-violet-800"
              >
                {initials}
              </span>
            )}
            <dl className="grid min-w-0 gap-1 text-sm">
              <dt className="sr-only">Name</dt>
              <dd className="truncate font-semibold text-slate-900">{account.name}</dd>
              <dt className="sr-only">Email</dt>
              <dd className="truncate text-slate-700">{account.email}</dd>
              <dt className="sr-only">Email verification</dt>
              <dd>
                {account.verified ? (
                  <Badge tone="green" className="gap-1">
                    <BadgeCheck aria-hidden="true" className="size-3" /> Verified
                  </Badge>
                ) : (
                  <Badge tone="yellow" className="gap-1">
                    <CircleAlert aria-hidden="true" className="size-3" /> Not verified
                  </Badge>
                )}
              </dd>
            </dl>
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button onClick={() => navigate('/', { replace: true })}>Continue to Dashboard</Button>
            <Button variant="outline" onClick={() => navigate('/signup')}>
              Complete Account Setup
            </Button>
          </div>
        </CardContent>
      </Card>
    </CenteredPage>
  )
}
