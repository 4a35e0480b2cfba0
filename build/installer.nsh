; The per-workplace download (docs/downloads.md), on Windows. The console's download saves two files side by side:
; the installer, named with its one-time code (Kassa-Setup-0.1.0.K7Q-4MZ-9TD.exe), and its signed provisioning file
; with the same name and .kassa (Kassa-Setup-0.1.0.K7Q-4MZ-9TD.kassa). The installer copies that file into the
; install folder as provisioning.kassa; the app verifies and uses it at first start (main/provisioning/), and ignores
; it once enrolled. When the browser renamed the installer (e.g. "… (1).exe"), the folder's only .kassa file is taken;
; with several, none is (a person then enters the code by hand rather than a till joining the wrong workplace).
; It also registers kassa:// links for the machine (macOS and Linux get theirs from electron-builder.yml).

!macro customInstall
  StrCpy $0 $EXEFILE -4
  IfFileExists "$EXEDIR\$0.kassa" 0 kassa_look_in_folder
    CopyFiles /SILENT "$EXEDIR\$0.kassa" "$INSTDIR\provisioning.kassa"
    Goto kassa_provisioned
  kassa_look_in_folder:
    FindFirst $1 $2 "$EXEDIR\*.kassa"
    StrCmp $2 "" kassa_folder_done
    FindNext $1 $3
    StrCmp $3 "" 0 kassa_folder_done
    CopyFiles /SILENT "$EXEDIR\$2" "$INSTDIR\provisioning.kassa"
  kassa_folder_done:
    FindClose $1
  kassa_provisioned:

  WriteRegStr SHCTX "Software\Classes\kassa" "" "URL:Kassa enrollment link"
  WriteRegStr SHCTX "Software\Classes\kassa" "URL Protocol" ""
  WriteRegStr SHCTX "Software\Classes\kassa\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHCTX "Software\Classes\kassa"
  Delete "$INSTDIR\provisioning.kassa"
!macroend
