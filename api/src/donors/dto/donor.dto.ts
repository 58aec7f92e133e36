import { ApiProperty } from '@nestjs/swagger';
import { CardDto } from '../../transactions/dto/transaction.dto.js';

/* The donor (customer) shapes of SPEC section 3 (donationStats in DOLLARS), for the OpenAPI document. */

export class PaymentMethodDto {
  @ApiProperty({ example: 'pm_123' }) id: string;
  @ApiProperty({ type: CardDto }) card: CardDto;
}

export class DonationStatsDto {
  @ApiProperty({ description: 'DOLLARS, net of refunds.' }) totalDonated: number;
  @ApiProperty() donationCount: number;
}

export class DonorDonationStatsDto extends DonationStatsDto {
  @ApiProperty({ description: 'DOLLARS' }) averageDonation: number;
}

export class ShortAddressDto {
  @ApiProperty({ nullable: true, type: String }) line1: string | null;
  @ApiProperty({ nullable: true, type: String }) city: string | null;
  @ApiProperty({ nullable: true, type: String }) state: string | null;
}

export class AddressDto extends ShortAddressDto {
  @ApiProperty({ nullable: true, type: String }) line2: string | null;
  @ApiProperty({ nullable: true, type: String }) postal_code: string | null;
}

export class DonorListItemDto {
  @ApiProperty({ example: 'cus_123' }) id: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ type: ShortAddressDto }) address: ShortAddressDto;
  @ApiProperty({ description: 'Unix seconds.' }) created: number;
  @ApiProperty({ type: DonationStatsDto }) donationStats: DonationStatsDto;
  @ApiProperty({ type: [PaymentMethodDto] }) paymentMethods: PaymentMethodDto[];
}

export class DonorSummaryDto {
  @ApiProperty({ description: 'Live donors who gave in the last 12 months.' }) activeCustomers: number;
  @ApiProperty({
    description: 'Listed donors (view listed_donors): not deleted, and a gift succeeded or an admin created them.',
  })
  totalCustomers: number;
  @ApiProperty({ description: 'DOLLARS: sum of live donors’ net gifts.' }) totalLifetimeValue: number;
}

export class DonorListDto {
  @ApiProperty({ type: DonorSummaryDto }) summary: DonorSummaryDto;
  @ApiProperty({ type: [DonorListItemDto], description: 'Newest donors first.' }) customers: DonorListItemDto[];
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty({ description: 'Donors matching q (all listed donors without q).' }) total: number;
}

export class DonorDto {
  @ApiProperty({ example: 'cus_123' }) id: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ type: AddressDto }) address: AddressDto;
  @ApiProperty({ description: 'Unix seconds.' }) created: number;
  @ApiProperty({ type: DonorDonationStatsDto }) donationStats: DonorDonationStatsDto;
  @ApiProperty({ type: [PaymentMethodDto] }) paymentMethods: PaymentMethodDto[];
}

export class UpdatedDto {
  @ApiProperty() id: string;
  @ApiProperty({
    enum: [true],
    description: 'Stripe has the new details; the donor reads them once the customer.updated webhook is projected.',
  })
  updated: true;
}

export class DeletedDto {
  @ApiProperty() id: string;
  @ApiProperty() deleted: boolean;
}
