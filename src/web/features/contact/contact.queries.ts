import { queryOptions, useMutation } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  ContactInput,
  getContactInfoCall,
  sendContactMessageCall,
} from '#shared/contracts/contact.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const getContactInfoRoute = routeOf<typeof getContactInfoCall>('GET', '/api/contact/info')
const sendContactMessageRoute = routeOf<typeof sendContactMessageCall>('POST', '/api/contact')

/** The support address (SUPPORT_EMAIL) and the company's name: the Contact page and the FAQ show them. */
export const contactInfoQuery = queryOptions({
  queryKey: queryKeys.contactInfo,
  queryFn: ({ signal }) => callApi(getContactInfoRoute, { signal }),
})

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => callApi(sendContactMessageRoute, { body: input }),
    // A visitor is not signed in: a 401 cannot happen here, and must not send anyone to sign in.
    meta: { unauthorizedIsExpected: true },
  })
}
