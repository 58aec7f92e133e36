import { ApiProperty } from '@nestjs/swagger';
import { YEAR_BASES, type YearBasis } from '../../../../core/src/fiscal-year/fiscal-year.js';

/** A share: part of whole, and the percent rounded to one decimal (null when whole is 0). */
export class ShareDto {
  @ApiProperty() part!: number;
  @ApiProperty() whole!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'part / whole in percent, one decimal; null when whole is 0.',
  })
  percent!: number | null;
}

export class RetentionDto {
  @ApiProperty({ description: 'The calendar or fiscal year (TIME_ZONE) the figures are about.' }) year!: number;
  @ApiProperty({ enum: YEAR_BASES }) basis!: YearBasis;
  @ApiProperty({
    example: 'FY 2026',
    description:
      "'2026', or 'FY 2026' for a fiscal year not starting in January (named by the calendar year in which it ends)",
  })
  label!: string;
  @ApiProperty({
    type: ShareDto,
    description: 'Donors who gave in the previous year (whole) and gave again this year (part).',
  })
  retention!: ShareDto;
  @ApiProperty({
    type: ShareDto,
    description:
      'Donors whose first gift ever fell in this year (whole) and those of them with a second gift since (part).',
  })
  firstTime!: ShareDto;
  @ApiProperty({ description: 'Donors who gave last year and not this year.' }) lybunt!: number;
  @ApiProperty({ description: 'Donors who gave in an earlier year, and neither last year nor this year.' })
  sybunt!: number;
  @ApiProperty({
    type: ShareDto,
    description:
      'Donors whose first gift was not part of a plan (whole) who later started a recurring plan (part); all time.',
  })
  recurringConversion!: ShareDto;
}

export class LapsedDonorDto {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ description: 'Unix seconds of the last gift (card or manual).' }) lastGiftAt!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'CENTS kept from the last gift (net of refunds).' })
  lastGiftCents!: number | null;
  @ApiProperty({ description: "CENTS, net of refunds: the donor list's lifetime total." }) lifetimeCents!: number;
  @ApiProperty({ description: 'Completed gifts, all time.' }) gifts!: number;
}

export class LapsedPageDto {
  @ApiProperty({ enum: ['lybunt', 'sybunt'] }) kind!: 'lybunt' | 'sybunt';
  @ApiProperty() year!: number;
  @ApiProperty({ enum: YEAR_BASES }) basis!: YearBasis;
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty({ description: 'Donors in the whole list.' }) total!: number;
  @ApiProperty({ type: [LapsedDonorDto], description: 'Most recent last gift first.' }) data!: LapsedDonorDto[];
}
