import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { ENV } from '../../../core/src/config/load-env.js';
import { readSchoolIdentity, type SchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import { statementIssuedOn } from '../../../core/src/statements/year-end-statement.pdf.js';

/**
 * What every one-page PDF for the board prints above its figures (month-end, an appeal's summary): the day it was
 * issued, in the school's time zone, and the school as its website publishes it (read once per download).
 */
@Injectable()
export class BoardPdfHeading {
  constructor(
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  async read(): Promise<{ issuedOn: string; school: SchoolIdentity }> {
    return { issuedOn: statementIssuedOn(this.env.TIME_ZONE), school: await readSchoolIdentity(this.ds) };
  }
}
