/**
 * What a list page's filter field takes from the page (admin orders, log-in history): its name, its id
 * ("filter-<name>", the e2e tests' and labels' hook), what the form last held and its message when refused.
 * `const field = filterField(data.form, data.errors)`, then `<TextField {...field("email")} label=… />`.
 */
export function filterField<Name extends string>(form: Record<Name, string>, errors: Partial<Record<string, string>>) {
  return (name: Name) => ({ name, id: `filter-${name}`, defaultValue: form[name], error: errors[name] });
}
