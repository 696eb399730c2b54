import { z } from 'zod'
import { defineCall } from './call.ts'
import { ImportRecordSchema } from './spreadsheet-import.ts'

export {
  POLICY_IMPORT_COLUMNS,
  POLICY_IMPORT_OPTIONAL_COLUMNS,
  POLICY_IMPORT_REQUIRED_COLUMNS,
  POLICY_IMPORT_TEMPLATE_NAME,
  POLICY_IMPORT_TEMPLATE_PATH,
  POLICY_IMPORT_TEXTS,
  type PolicyImportColumn,
} from './policy-import-texts.ts'

export const PolicyImportRowSchema = z.object({
  row: z.number().int(),
  message: z.string(),
  field: z.string().optional(),
})

export const PolicyImportDuplicateSchema = z.object({
  row: z.number().int(),
  policyNumber: z.string(),
  carrier: z.string(),
})

export const PolicyImportResultSchema = z.object({
  /** The import's record (GET /api/policies/import/{id}). */
  importId: z.string(),
  /** Non-blank data rows of the file. */
  totalRows: z.number().int(),
  imported: z.number().int(),
  /** Rows whose carrier and policy number the book already had, or an earlier row of the file. */
  duplicates: z.array(PolicyImportDuplicateSchema),
  /** Refused rows: one entry per problem, with the sheet's row number. */
  errors: z.array(PolicyImportRowSchema),
  /** Imported rows with something to know (a producer email no user has). */
  warnings: z.array(PolicyImportRowSchema),
  clientsCreated: z.number().int(),
  carriersCreated: z.number().int(),
})
export type PolicyImportResult = z.infer<typeof PolicyImportResultSchema>

/** Multipart with one `file` field; the body is read by the route, not by a schema. */
export const importPoliciesCall = defineCall({
  method: 'POST',
  path: '/api/policies/import',
  response: PolicyImportResultSchema,
})

export const listPolicyImportsCall = defineCall({
  method: 'GET',
  path: '/api/policies/import/history',
  response: z.object({ data: z.array(ImportRecordSchema) }),
})

export const getPolicyImportCall = defineCall({
  method: 'GET',
  path: '/api/policies/import/:id',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  response: ImportRecordSchema,
})
