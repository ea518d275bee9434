import FuzzSupport

FuzzDriver.main(.state)
