/** "4.62 ★ (38)", or "No reviews": a company's rating with its review count. */
export function ratingText(rating: number | null, reviews: number): string {
  if (rating === null || reviews === 0) return 'No reviews';
  return `${rating.toFixed(2)} ★ (${reviews.toLocaleString('en-US')})`;
}
