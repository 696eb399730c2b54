import { describe, expect, it } from 'vitest'
import { exportRow } from './mask-export-row.ts'

describe('exportRow', () => {
  it('masks the fields named as last fours, and sensitive numbers inside JSON values', () => {
    expect(
      exportRow(
        {
          id: 'x',
          ssn: '6789',
          accountNumber: '4321',
          applicationData: {
            spouse: { ssn: '123-45-6789' },
            routingNumber: '021000021',
            business: { fein: '12-3456789', ein: 987654321, taxId: '55-1234567' },
            city: 'Austin',
            weight: '180',
          },
        },
        { ssn: 'ssn', accountNumber: 'account' },
      ),
    ).toEqual({
      id: 'x',
      ssn: '***-**-6789',
      accountNumber: '****4321',
      applicationData: {
        spouse: { ssn: '***-**-6789' },
        routingNumber: '****0021',
        business: { fein: '****6789', ein: '****4321', taxId: '****4567' },
        city: 'Austin',
        weight: '180',
      },
    })
  })
})
