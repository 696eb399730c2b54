import { z } from 'zod'
import { defineCall } from './call.ts'

export const healthCall = defineCall({
  method: 'GET',
  path: '/api/health',
  response: z.object({ status: z.literal('ok') }),
})
