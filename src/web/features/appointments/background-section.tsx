import { useWatch } from 'react-hook-form'
import { Field } from '#web/components/field.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { CheckboxField } from './form-fields.tsx'
import { type AppointmentFormApi, FormSection } from './form-section.tsx'

/** Spec §2: the details box appears when either question is answered yes. */
export function BackgroundSection({ form }: { form: AppointmentFormApi }) {
  const errors = form.formState.errors
  const [felony, disciplinary] = useWatch({
    control: form.control,
    name: ['felonyConviction', 'disciplinaryAction'],
  })
  return (
    <FormSection title="Background">
      <div className="grid gap-1">
        <CheckboxField
          id="appointment-felonyConviction"
          label="I have been convicted of a felony"
          registration={form.register('felonyConviction')}
        />
        <CheckboxField
          id="appointment-disciplinaryAction"
          label="I have been subject to a regulatory disciplinary action"
          registration={form.register('disciplinaryAction')}
        />
      </div>
      {(felony || disciplinary) && (
        <Field
          id="appointment-backgroundDetails"
          label="Background details"
          hint="Dates, states and the outcome; carriers review this with your application."
          error={errors.backgroundDetails?.message}
        >
          {(control) => (
            <Textarea {...control} {...form.register('backgroundDetails')} rows={4} maxLength={2000} />
          )}
        </Field>
      )}
    </FormSection>
  )
}
