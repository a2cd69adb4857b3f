/**
 * Live event types both sides name. Most events only say which data changed; this one tells a
 * person's open screens that their sessions were ended (deactivated, password reset, "sign out
 * everywhere"), so they leave at once instead of at their next request.
 */
export const SESSIONS_ENDED_EVENT = 'sessions-ended';
