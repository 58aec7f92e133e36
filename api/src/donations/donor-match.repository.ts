import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Finds a donor's existing customer in the read model, so a gift does not make a second donor. */
@Injectable()
export class DonorMatchRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * The live customer with this e-mail in any letter case (donors_email_idx on lower(email)): a listed donor
   * before a customer of an earlier attempt that never succeeded, then the newest.
   */
  async customerIdByEmail(email: string): Promise<string | null> {
    const rows: Array<{ id: string }> = await this.ds.query(
      `SELECT id FROM donors WHERE lower(email) = lower($1) AND deleted_at IS NULL ORDER BY is_donor DESC, created DESC, id DESC LIMIT 1`,
      [email],
    );
    return rows[0]?.id ?? null;
  }
}
