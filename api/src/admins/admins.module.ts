import { Module } from '@nestjs/common';
import { AdminsController } from './admins.controller.js';
import { AdminsRepository } from './admins.repository.js';
import { AdminsService } from './admins.service.js';

/** The Admins page (owners): invitations, roles, disabling, two-factor resets, sessions. */
@Module({ controllers: [AdminsController], providers: [AdminsRepository, AdminsService] })
export class AdminsModule {}
