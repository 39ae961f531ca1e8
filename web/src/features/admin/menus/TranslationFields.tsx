import { FieldGroup, Grid, Heading, Stack, Text, TextArea, TextField } from '@clinic/ui-kit';
import { useId } from 'react';
import { useT } from '../../../i18n';
import type { FieldErrors } from '../shared/form-errors';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../shared/types';
import { LANGUAGE_KEY, TRANSLATION_NAME_MAX, translationLabel, type TranslationForm, type TranslationsForm } from './translations';

/** A bordered group of fields with its legend: a menu's task, a language's texts. */
export interface TranslationFieldsProps {
  /** Menus: name, description and 来院前のご案内 per language; categories: the names only. */
  kind: 'menu' | 'category';
  value: TranslationsForm;
  onChange: (value: TranslationsForm) => void;
  errors: FieldErrors;
}

/** The English and Chinese texts of a menu or category (the admin screens themselves stay Japanese). */
export function TranslationFields({ kind, value, onChange, errors }: TranslationFieldsProps) {
  const t = useT();
  const titleId = useId();
  const setText = (language: TranslatedLanguage, field: keyof TranslationForm, text: string) =>
    onChange({ ...value, [language]: { ...value[language], [field]: text } });
  const error = (language: TranslatedLanguage, field: keyof TranslationForm) => errors[`translations.${language}.${field}`];
  const nameField = (language: TranslatedLanguage) => (
    <TextField
      key={`${language}-name`}
      label={translationLabel(t, language, 'name')}
      value={value[language].name}
      onChange={(text) => setText(language, 'name', text)}
      maxLength={TRANSLATION_NAME_MAX[kind]}
      isInvalid={Boolean(error(language, 'name'))}
      errorMessage={error(language, 'name')}
    />
  );

  if (kind === 'category') {
    return (
      <Stack as="section" gap={3} aria-labelledby={titleId}>
        <Heading level={3} id={titleId}>
          {t('adminSetup.translations.title')}
        </Heading>
        <Text tone="muted" size="sm">
          {t('adminSetup.translations.categoryHelp')}
        </Text>
        <Grid>{TRANSLATED_LANGUAGES.map(nameField)}</Grid>
      </Stack>
    );
  }

  return (
    <Stack as="section" gap={3} aria-labelledby={titleId}>
      <Heading level={3} id={titleId}>
        {t('adminSetup.translations.title')}
      </Heading>
      <Text tone="muted" size="sm">
        {t('adminSetup.translations.help')}
      </Text>
      {TRANSLATED_LANGUAGES.map((language) => (
        <FieldGroup key={language} legend={t(`adminSetup.translations.${LANGUAGE_KEY[language]}.legend`)}>
          {nameField(language)}
          <TextArea
            label={translationLabel(t, language, 'description')}
            value={value[language].description}
            onChange={(text) => setText(language, 'description', text)}
            requiredLabel={t('adminSetup.common.requiredMark')}
          />
          <TextArea
            label={translationLabel(t, language, 'preVisitNote')}
            value={value[language].preVisitNote}
            onChange={(text) => setText(language, 'preVisitNote', text)}
            isInvalid={Boolean(error(language, 'preVisitNote'))}
            errorMessage={error(language, 'preVisitNote')}
            requiredLabel={t('adminSetup.common.requiredMark')}
          />
        </FieldGroup>
      ))}
    </Stack>
  );
}
