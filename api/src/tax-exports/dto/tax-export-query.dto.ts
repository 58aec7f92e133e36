import { AppealFilter } from '../../http/ids.js';

/** The tax CSVs' filter: only the gifts credited to one appeal. */
export class TaxExportQueryDto {
  @AppealFilter()
  appeal?: string;
}
