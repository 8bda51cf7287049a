import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { PasswordField } from "~/components/forms";

/**
 * A new password and its confirmation, both with the browser's new-password
 * autofill: "Password" / "Confirm password", or with `label="New password"`
 * "New password" / "Confirm new password".
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  label = "Password",
}: {
  password: FieldMetadata<string | undefined>;
  confirmPassword: FieldMetadata<string | undefined>;
  label?: string;
}) {
  return (
    <>
      <PasswordField
        labelProps={{ children: label }}
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "new-password" }}
        errors={password.errors}
      />
      <PasswordField
        labelProps={{ children: `Confirm ${label.toLowerCase()}` }}
        inputProps={{ ...getInputProps(confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={confirmPassword.errors}
      />
    </>
  );
}
