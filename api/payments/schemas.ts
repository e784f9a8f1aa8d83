import { CUSTOM_CREDITS, PACKAGE_IDS, PAYMENT_TYPES, type OfferRequest } from '../../domain/credits/pricing';
import { compile } from '../http/validation';

/**
 * The shape only; whether the package exists and the custom amount is on the slider is decided
 * by the pricing module, which names the reason.
 */
export const validCheckoutRequest = compile<OfferRequest>({
  type: 'object',
  additionalProperties: false,
  required: ['paymentType'],
  properties: {
    packageId: { type: 'string', maxLength: 40 },
    customCredits: { type: 'integer' },
    paymentType: { type: 'string', maxLength: 20 },
  },
});

export const CHECKOUT_HINT = `Send packageId (${PACKAGE_IDS.join(', ')}) or customCredits (${CUSTOM_CREDITS.min} to ${CUSTOM_CREDITS.max} in steps of ${CUSTOM_CREDITS.step}), and paymentType (${PAYMENT_TYPES.join(' or ')}).`;
