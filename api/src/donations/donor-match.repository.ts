import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { donorsByEmail } from '../../../core/src/donor-identity/donors-by-email.js';

/** Finds a donor's existing customer in the read model, so a gift does not make a second donor. */
@Injectable()
export class DonorMatchRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** The live customer with this e-mail by donor identity (`emailKey`: ASCII letters in any case, nothing else folded). */
  customerIdByEmail(email: string): Promise<string | null> {
    return donorsByEmail.customerFor(this.ds, email);
  }
}
