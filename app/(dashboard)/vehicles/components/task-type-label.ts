// "oil_change" reads "Oil change"; an unknown type shows as it is, only its underscores spaced.
export function taskTypeLabel(type: string): string {
  const words = type.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
