// The audit domain's public face: recording admin writes, reading one entity's trail.
export { auditPage, recordAudit, type AuditActor } from './audit.service';
