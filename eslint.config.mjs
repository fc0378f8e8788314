import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.data/**', 'test/generated/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='maxDecimalPlaces']",
          message:
            "Use IsDecimal(places) from src/common/validation/validators: class-validator's maxDecimalPlaces throws on numbers like 1e-10.",
        },
        {
          selector: 'TSAsExpression > TSNeverKeyword.typeAnnotation',
          message: "No 'as never': type the value (CrudOperations takes any CrudService; generic helpers keep record types).",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'class-validator',
              importNames: ['IsOptional', 'ValidateNested'],
              message:
                'Use IsOptional/IsNullable/NestedObject from src/common/validation/validators: they refuse null and arrays where the spec does.',
            },
            {
              name: '@nestjs/common',
              importNames: ['Post', 'Put', 'Patch', 'Delete'],
              message:
                "Write routes take Post, Put, Patch and Delete from src/common/http/write-routes: they carry the writes' interceptors (Location, Idempotency-Key).",
            },
          ],
        },
      ],
    },
  },
  {
    // The project's own decorators are built from class-validator's and Nest's.
    files: ['src/common/validation/validators.ts', 'src/common/http/write-routes.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
