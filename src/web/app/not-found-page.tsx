import { Link } from 'react-router'
import { buttonClasses } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'

export const NOT_FOUND_TITLE = 'Page Not Found'

export function NotFoundPage() {
  return (
    <CenteredPage>
      <title>{NOT_FOUND_TITLE}</title>
      <Card className="text-center">
        <CardHeader>
          <p className="text-5xl font-bold text-violet-700" aria-hidden="true">
            404
          </p>
          <CardTitle as="h1" className="text-2xl">
            {NOT_FOUND_TITLE}
          </CardTitle>
          <CardDescription>The page you are looking for does not exist or has moved.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/" className={buttonClasses()}>
            Go to Dashboard
          </Link>
        </CardContent>
      </Card>
    </CenteredPage>
  )
}
