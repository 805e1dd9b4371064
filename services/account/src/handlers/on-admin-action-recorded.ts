import type { Envelope, EventData } from '@rr/proto';
import type { HandlerContext, HandlerResult } from '@rr/kit';
import type { AuditAction, AuditRecord, AuditRepository } from '../admin/audit.repository';

/** Group `account.on-admin-action-recorded`: other services' admin actions join the one audit log. */
export function onAdminActionRecorded(audit: AuditRepository) {
  return async (event: Envelope<EventData<'admin-action.recorded'>>, ctx: HandlerContext): Promise<HandlerResult> => {
    const d = event.data;
    const result = await audit.recordReported(event.id, new Date(d.at), {
      adminId: d.adminId, adminEmail: d.adminEmail, action: d.action as AuditAction, targetType: d.targetType as AuditRecord['targetType'],
      targetId: d.targetId, before: d.before, after: d.after,
    });
    ctx.log.info({ action: d.action, targetId: d.targetId, producer: event.producer, result }, 'admin action audited');
    return result;
  };
}
