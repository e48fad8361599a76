import { describe, expect, it } from 'vitest';
import { PRICING_RULES, typicalMovePrices } from '@moveratlas/contracts';
import { loadContent } from './content-store';
import { assertNoTemplateLeft, expandPricingBlocks } from './pricing-blocks';

describe('pricing blocks in the content', () => {
  it('puts the model’s typical prices and rules into the cost guide', () => {
    const guide = loadContent().get('blog', 'moving-cost-guide')!;
    const [studio] = typicalMovePrices(['studio']);
    expect(guide.html).toContain(
      `<td>Studio/1BR</td>\n<td>$${studio!.local.low} – $${studio!.local.high}</td>`,
    );
    for (const rule of PRICING_RULES) {
      expect(guide.html).toContain(`<li>${rule.replace(/'/g, '&#39;')}</li>`);
    }
    expect(guide.html).not.toContain('{{');
  });

  it('expands a block on a line of its own, and refuses an unknown one or one inside a line', () => {
    expect(expandPricingBlocks('Before\n\n{{pricing:local-crews}}\n\nAfter', 'a.md')).toContain(
      '- **2-3 Bedrooms:** 3 movers for 5 to 8 hours',
    );
    expect(() => expandPricingBlocks('{{pricing:prices}}', 'b.md')).toThrow(
      'b.md: unknown block {{pricing:prices}} (known: typical-prices, pricing-rules, local-crews, shipment-weights)',
    );
    const inline = expandPricingBlocks('Costs {{pricing:local-crews}} a lot.', 'c.md');
    expect(() => assertNoTemplateLeft(inline, 'c.md')).toThrow(
      'c.md: "{{pricing:local-crews}}" is not a block on a line of its own',
    );
  });
});
