import { ApiProperty } from '@nestjs/swagger';

export class ManualDonationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'DOLLARS (e.g. 1250.5), as the form entered it.' }) amount: number;
  @ApiProperty({ description: 'CENTS' }) amountCents: number;
  @ApiProperty({ nullable: true, type: String }) stripeCustomerId: string | null;
  @ApiProperty() donorName: string;
  @ApiProperty({ nullable: true, type: String }) donorEmail: string | null;
  @ApiProperty({ nullable: true, type: String }) donorPhone: string | null;
  @ApiProperty({ nullable: true, type: String }) donorAddress: string | null;
  @ApiProperty() donationType: string;
  @ApiProperty({ description: 'ISO timestamp (a bare date is stored at 12:00 in TIME_ZONE).' }) donationDate: string;
  @ApiProperty({ nullable: true, type: String }) notes: string | null;
  @ApiProperty({ description: 'True when the amount is $250 or more.' }) requires_irs_receipt: boolean;
  @ApiProperty() createdAt: string;
  @ApiProperty({ nullable: true, type: String, description: 'What a gift of property was.' }) giftDescription:
    string | null;
  @ApiProperty({ nullable: true, type: String, description: 'What the donor received in return.' }) goodsDescription:
    string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'CENTS: fair-market value of what the donor received.' })
  goodsValueCents: number | null;
}

export class ManualDonationDeletedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() deleted: boolean;
}
