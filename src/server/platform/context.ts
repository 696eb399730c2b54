import type { Role } from '#shared/domain/roles.ts'

/** Who is asking, from where. Built by the session plugin; services take it instead of a request. */
export interface Actor {
  userId: string
  agencyId: string
  role: Role
  sessionId: string
}

export interface RequestMeta {
  ipAddress: string | null
  userAgent: string | null
  requestId: string | null
}

export interface Ctx extends RequestMeta {
  actor: Actor
}
