import type { ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import type { AppointmentBody, AppointmentForm } from './appointment-values.ts'

export type AppointmentFormApi = UseFormReturn<AppointmentForm, unknown, AppointmentBody>

/** One titled part of the application form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}
