import DaemonCore
import Testing
