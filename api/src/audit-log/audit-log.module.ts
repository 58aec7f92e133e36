import { Module } from '@nestjs/common';
import { AuditLogController } from './audit-log.controller.js';
import { AuditLogRepository } from './audit-log.repository.js';

/** The Audit page's reads (the log itself is written by AuditService, in the auth module). */
@Module({ controllers: [AuditLogController], providers: [AuditLogRepository] })
export class AuditLogModule {}
