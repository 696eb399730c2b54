import { useQuery } from '@tanstack/react-query'
import { Zap } from 'lucide-react'
import { DATABASE_TABS, DATABASE_TEXTS as T } from '#shared/contracts/database-admin.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import {
  databasePerformanceQuery,
  databaseStatusQuery,
  useOptimizeDatabase,
} from './database-admin.queries.ts'
import { ConnectionsTab, OverviewTab, PerformanceTab, TablesTab } from './database-tabs.tsx'

/** /database (spec part 3 §2): platform admins and the owner watch the database and optimize it. */
export function DatabasePage() {
  const status = useQuery(databaseStatusQuery())
  const performance = useQuery(databasePerformanceQuery())
  const optimize = useOptimizeDatabase()
  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className="flex justify-end">
        <Button onClick={() => optimize.mutate()} disabled={optimize.isPending || !status.data}>
          <Zap aria-hidden="true" />
          {T.optimize}
        </Button>
      </div>
      {isApiError(status.error, 403) ? (
        <Alert tone="warning">Only the platform’s administrators can see the database.</Alert>
      ) : status.isError ? (
        <Alert tone="error">
          The database status could not be read. It is asked for again every 30 seconds.
        </Alert>
      ) : status.isPending ? (
        <Spinner label="Loading the database status" className="m-6" />
      ) : (
        <Tabs defaultValue="overview" className="min-w-0">
          <TabsList aria-label="Database sections">
            {DATABASE_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab status={status.data} />
          </TabsContent>
          <TabsContent value="performance">
            <PerformanceTab performance={performance.data} />
          </TabsContent>
          <TabsContent value="tables">
            <TablesTab status={status.data} />
          </TabsContent>
          <TabsContent value="connections">
            <ConnectionsTab status={status.data} performance={performance.data} />
          </TabsContent>
        </Tabs>
      )}
    </>
  )
}
