/**
 * What a form field takes from its page's answer, one way: its name, the value the form last held and its message
 * when refused; with `idPrefix`, its id too (a list page's filters: "filter-<name>", the labels' and e2e tests' hook).
 * `const field = fieldProps(data.form, data.errors, "filter-")`, then `<TextField {...field("email")} label=… />`.
 */
export function fieldProps<Name extends string>(
  values: Record<Name, string>,
  errors: Partial<Record<string, string>>,
  idPrefix?: string,
) {
  return (name: Name) => ({
    name,
    ...(idPrefix ? { id: `${idPrefix}${name}` } : {}),
    defaultValue: values[name],
    error: errors[name],
  });
}
