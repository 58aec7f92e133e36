import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CreateDonorDto } from './create-donor.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An optional line of the donor's details: empty text clears it in Stripe. */
function Line(name: string, max: number, example: string) {
  return function (target: object, key: string) {
    ApiPropertyOptional({ example, maxLength: max, description: 'Empty text clears it.' })(target, key);
    Transform(trim)(target, key);
    // In the order decorators written above a property would apply (bottom first): the type check first.
    IsString({ message: `${name} must be text` })(target, key);
    MaxLength(max, { message: `${name} must be at most ${max} characters` })(target, key);
    IsOptional()(target, key);
  };
}

/**
 * PATCH /api/stripe/customer/:id (Edit Donor on the profile): the whole set of details, as Stripe keeps them. Name and
 * e-mail follow the Create New Donor rules (PickType carries their validation over).
 */
export class UpdateDonorDto extends PickType(CreateDonorDto, ['name', 'email'] as const) {
  @Line('phone', 40, '+1 870 555 0100') phone?: string;
  @Line('line1', 200, '12 Oak Street') line1?: string;
  @Line('line2', 200, 'Apt 4') line2?: string;
  @Line('city', 100, 'Marshall') city?: string;
  @Line('state', 100, 'AR') state?: string;
  @Line('postal_code', 20, '72650') postal_code?: string;
}
